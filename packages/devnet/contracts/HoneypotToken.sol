// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title HoneypotToken
/// @notice A honeypot: tokens can be bought from a flagged AMM pair, but every transfer INTO a flagged
///         pair (i.e. a sell) reverts — for every holder, the owner included. The owner seeds the pair's
///         liquidity before flagging it, so no exemption is needed (an exempt account would make the token
///         look sellable to any test that happens to trade from the deployer).
/// @dev DEVNET ONLY: `mint` is open to anyone so tests can fund accounts.
contract HoneypotToken is ERC20 {
    address public immutable owner;
    mapping(address => bool) public isPair;

    error OnlyOwner();
    error SellBlocked(address from, address pair);

    constructor() ERC20("Devnet Honeypot", "HONEY") {
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
        if (isPair[to]) revert SellBlocked(from, to);
        super._update(from, to, value);
    }
}
