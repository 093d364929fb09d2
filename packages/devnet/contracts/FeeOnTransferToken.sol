// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FeeOnTransferToken
/// @notice Burns exactly 5% (500 bps, rounded down) of every transfer between two non-zero addresses;
///         the recipient receives the rest. Mints and burns are not taxed.
/// @dev DEVNET ONLY: `mint` is open to anyone so tests can fund accounts.
contract FeeOnTransferToken is ERC20 {
    uint256 public constant FEE_BPS = 500;

    constructor() ERC20("Devnet Fee Token", "FEE") {}

    /// @notice DEVNET ONLY: anyone can mint any amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) {
            super._update(from, to, value);
            return;
        }
        uint256 fee = (value * FEE_BPS) / 10_000;
        super._update(from, address(0), fee);
        super._update(from, to, value - fee);
    }
}
