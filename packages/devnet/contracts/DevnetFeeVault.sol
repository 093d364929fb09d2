// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title DevnetFeeVault
/// @notice OpenZeppelin ERC-4626 vault that charges an entry fee on deposits and an exit fee on withdrawals, both in
///         basis points of the assets, paid to `feeRecipient` (the pattern of OpenZeppelin's ERC4626Fees example).
///         `previewDeposit` / `previewRedeem` include the fees, as ERC-4626 requires; `convertToShares` /
///         `convertToAssets` do not. Used to test that exit values come from `previewRedeem` and that a deposit
///         whose preview is unfavourably far from `convertToShares` is refused.
contract DevnetFeeVault is ERC4626 {
    using Math for uint256;

    uint256 private constant _BASIS_POINT_SCALE = 1e4;
    uint256 public immutable entryFeeBasisPoints;
    uint256 public immutable exitFeeBasisPoints;
    address public immutable feeRecipient;

    constructor(
        IERC20 asset_,
        string memory name_,
        string memory symbol_,
        uint256 entryFeeBasisPoints_,
        uint256 exitFeeBasisPoints_,
        address feeRecipient_
    ) ERC20(name_, symbol_) ERC4626(asset_) {
        entryFeeBasisPoints = entryFeeBasisPoints_;
        exitFeeBasisPoints = exitFeeBasisPoints_;
        feeRecipient = feeRecipient_;
    }

    /// @dev The fee comes out of the deposited assets: fewer shares than `convertToShares`.
    function previewDeposit(uint256 assets) public view virtual override returns (uint256) {
        uint256 fee = _feeOnTotal(assets, entryFeeBasisPoints);
        return super.previewDeposit(assets - fee);
    }

    /// @dev Minting costs the assets plus the fee.
    function previewMint(uint256 shares) public view virtual override returns (uint256) {
        uint256 assets = super.previewMint(shares);
        return assets + _feeOnRaw(assets, entryFeeBasisPoints);
    }

    /// @dev Withdrawing `assets` burns the shares of the assets plus the fee.
    function previewWithdraw(uint256 assets) public view virtual override returns (uint256) {
        uint256 fee = _feeOnRaw(assets, exitFeeBasisPoints);
        return super.previewWithdraw(assets + fee);
    }

    /// @dev Redeeming pays the assets of the shares minus the fee.
    function previewRedeem(uint256 shares) public view virtual override returns (uint256) {
        uint256 assets = super.previewRedeem(shares);
        return assets - _feeOnTotal(assets, exitFeeBasisPoints);
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal virtual override {
        uint256 fee = _feeOnTotal(assets, entryFeeBasisPoints);
        super._deposit(caller, receiver, assets, shares);
        if (fee > 0 && feeRecipient != address(this)) {
            SafeERC20.safeTransfer(IERC20(asset()), feeRecipient, fee);
        }
    }

    function _withdraw(
        address caller,
        address receiver,
        address owner,
        uint256 assets,
        uint256 shares
    ) internal virtual override {
        uint256 fee = _feeOnRaw(assets, exitFeeBasisPoints);
        super._withdraw(caller, receiver, owner, assets, shares);
        if (fee > 0 && feeRecipient != address(this)) {
            SafeERC20.safeTransfer(IERC20(asset()), feeRecipient, fee);
        }
    }

    /// @dev Fee to add to an amount that does not include it.
    function _feeOnRaw(uint256 assets, uint256 feeBasisPoints) private pure returns (uint256) {
        return assets.mulDiv(feeBasisPoints, _BASIS_POINT_SCALE, Math.Rounding.Ceil);
    }

    /// @dev Fee part of an amount that already includes it.
    function _feeOnTotal(uint256 assets, uint256 feeBasisPoints) private pure returns (uint256) {
        return assets.mulDiv(feeBasisPoints, feeBasisPoints + _BASIS_POINT_SCALE, Math.Rounding.Ceil);
    }
}
