// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title DevnetCappedVault
/// @notice OpenZeppelin ERC-4626 vault with a deposit cap on its total assets: `maxDeposit` is what is left under
///         the cap (0 once full), and a deposit above it reverts (`ERC4626ExceededMaxDeposit`). Used to test that a
///         deposit larger than `maxDeposit` is refused before anything is signed.
contract DevnetCappedVault is ERC4626 {
    uint256 public immutable depositCap;

    constructor(IERC20 asset_, string memory name_, string memory symbol_, uint256 depositCap_)
        ERC20(name_, symbol_)
        ERC4626(asset_)
    {
        depositCap = depositCap_;
    }

    function maxDeposit(address) public view virtual override returns (uint256) {
        uint256 assets = totalAssets();
        return assets >= depositCap ? 0 : depositCap - assets;
    }

    function maxMint(address receiver) public view virtual override returns (uint256) {
        return _convertToShares(maxDeposit(receiver), Math.Rounding.Floor);
    }
}
