// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title SwitchableToken
/// @notice A plain ERC-20 whose transfers can be switched off: while `blocked`, every transfer (and burn) reverts
///         with `TransfersBlocked`. Tests flip the switch between a transaction's simulation and its mining
///         (automine off) to get a swap that passes simulation and then reverts on chain. Mints are never
///         blocked, so tests can still fund accounts while the switch is on.
/// @dev DEVNET ONLY: `mint` and `setBlocked` are open to anyone.
contract SwitchableToken is ERC20 {
    bool public blocked;

    error TransfersBlocked(address from, address to);

    event BlockedSet(bool blocked);

    constructor() ERC20("Devnet Switchable", "SWITCH") {}

    /// @notice DEVNET ONLY: anyone can mint any amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice DEVNET ONLY: anyone can switch every transfer off (`true`) or back on (`false`).
    function setBlocked(bool value) external {
        blocked = value;
        emit BlockedSet(value);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (blocked && from != address(0)) revert TransfersBlocked(from, to);
        super._update(from, to, value);
    }
}
