// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title BuyTaxToken
/// @notice A buy tax without a sell tax: every transfer OUT of a flagged AMM pair (a buy) costs the recipient
///         `buyTaxBps` (default 90%, rounded down) — the pair's `Transfer` to the buyer shows the full amount, then
///         the tax is burned from the buyer (a second `Transfer` to address 0). Sells into the pair and plain
///         transfers are untaxed. A router function that checks the pool's output (V3, plain V2) lets such a buy
///         pass its minimum while the buyer keeps a tenth; a reader that sums the `Transfer` logs to the buyer
///         without the burn over-reports ten times. The owner seeds the pair's liquidity and flags it; there is no
///         exempt account.
/// @dev DEVNET ONLY: `mint` is open to anyone so tests can fund accounts; the owner (the devnet deployer, whose
///      key is public) may change the tax so tests can buy it at a small one.
contract BuyTaxToken is ERC20 {
    uint256 public buyTaxBps = 9_000;
    address public immutable owner;
    mapping(address => bool) public isPair;

    error OnlyOwner();
    error TaxTooHigh(uint256 bps);

    event BuyTaxSet(uint256 bps);

    constructor() ERC20("Devnet Buy Tax", "BTAX") {
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

    function setBuyTaxBps(uint256 bps) external {
        if (msg.sender != owner) revert OnlyOwner();
        if (bps > 10_000) revert TaxTooHigh(bps);
        buyTaxBps = bps;
        emit BuyTaxSet(bps);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (from == address(0) || to == address(0) || !isPair[from]) return;
        uint256 tax = (value * buyTaxBps) / 10_000;
        if (tax > 0) super._update(to, address(0), tax);
    }
}
