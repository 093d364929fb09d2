// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title HighTaxToken
/// @notice A 95% sell tax: every transfer INTO a flagged AMM pair (a sell) burns 95% of the amount (rounded down);
///         buys and plain transfers are untaxed. Sells succeed, so only the measured tax reveals the trap (a
///         "soft honeypot"). The owner seeds the pair's liquidity before flagging it; there is no exempt account.
/// @dev DEVNET ONLY: `mint` is open to anyone so tests can fund accounts.
contract HighTaxToken is ERC20 {
    uint256 public constant SELL_TAX_BPS = 9_500;
    address public immutable owner;
    mapping(address => bool) public isPair;

    error OnlyOwner();

    constructor() ERC20("Devnet High Tax", "TAX") {
        owner = msg.sender;
    }

    /// @notice DEVNET ONLY: anyone can mint any amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function setPair(address pair, bool flagged) external {
        if (msg.sender != owner) revert OnlyOwner();
        isPair[pair] = flagged;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0) || !isPair[to]) {
            super._update(from, to, value);
            return;
        }
        uint256 tax = (value * SELL_TAX_BPS) / 10_000;
        super._update(from, address(0), tax);
        super._update(from, to, value - tax);
    }
}
