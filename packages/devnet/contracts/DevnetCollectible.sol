// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title DevnetCollectible
/// @notice Unmodified OpenZeppelin ERC-721 with an open mint, for operator approvals (`setApprovalForAll`) on the
///         devnet.
/// @dev DEVNET ONLY: `mint` is open to anyone. Never deploy this anywhere real.
contract DevnetCollectible is ERC721 {
    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {}

    /// @notice DEVNET ONLY: anyone can mint any unused token id to anyone.
    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }
}
