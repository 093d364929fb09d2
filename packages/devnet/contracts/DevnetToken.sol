// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DevnetToken
/// @notice Plain ERC-20 with configurable decimals (USDC-like 6, DAI-like 18, WBTC-like 8).
/// @dev DEVNET ONLY: `mint` is open to anyone so tests can fund accounts. Never deploy this anywhere real.
contract DevnetToken is ERC20 {
    uint8 private immutable _tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _tokenDecimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    /// @notice DEVNET ONLY: anyone can mint any amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
