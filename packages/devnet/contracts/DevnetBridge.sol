// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The two ERC-20 calls the bridge makes (no library import: the devnet's tokens revert or return true).
interface IDevnetBridgeToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title DevnetBridge
/// @notice A small two-chain bridge for the devnet, called the way the LI.FI diamond is: the entry point takes the
///         same `BridgeData` tuple as LI.FI's facets (transactionId, bridge, integrator, referrer, sendingAssetId,
///         receiver, minAmount, destinationChainId, hasSourceSwaps, hasDestinationCall) followed by this bridge's own
///         data, and emits `LiFiTransferStarted(BridgeData)`. The same contract (same address) is deployed on both
///         devnet chains: on the source chain it takes deposits, on the destination chain the relayer pays receivers
///         out of the contract's own liquidity (`fill`), and it can pay a deposit back to its depositor (`refund`).
/// @dev DEVNET ONLY. Like a real facet it trusts the `BridgeData` it is given: a receiver that is not the sender, a
///      destination call flag or extra native value are all accepted. Refusing such calldata before signing is the
///      caller's job, which is exactly what the tests of the bridge checks need. Native value sent with an ERC-20
///      deposit, or above `minAmount` for a native deposit, is kept by the bridge (a "fee"): a wrong `value` is lost.
contract DevnetBridge {
    /// Same layout as LI.FI's `ILiFi.BridgeData`.
    struct BridgeData {
        bytes32 transactionId;
        string bridge;
        string integrator;
        address referrer;
        address sendingAssetId;
        address receiver;
        uint256 minAmount;
        uint256 destinationChainId;
        bool hasSourceSwaps;
        bool hasDestinationCall;
    }

    /// This bridge's own data (LI.FI facets append a struct like this one after `BridgeData`).
    struct DevnetBridgeData {
        /// Token paid to the receiver on the destination chain (`address(0)` = native).
        address receivingAssetId;
        /// Amount the relayer pays on the destination chain.
        uint256 outputAmount;
    }

    struct Deposit {
        address depositor;
        address assetId;
        uint256 amount;
        uint256 destinationChainId;
        bool refunded;
    }

    /// The only account that may fill and refund.
    address public immutable relayer;

    mapping(bytes32 => Deposit) public deposits;
    mapping(bytes32 => bool) public filled;

    event LiFiTransferStarted(BridgeData bridgeData);
    event LiFiTransferCompleted(
        bytes32 indexed transactionId,
        address receivingAssetId,
        address receiver,
        uint256 amount,
        uint256 timestamp
    );
    event DevnetBridgeDeposit(
        bytes32 indexed transactionId,
        address indexed depositor,
        address receivingAssetId,
        uint256 outputAmount,
        uint256 value
    );
    event DevnetBridgeRefunded(
        bytes32 indexed transactionId,
        address indexed depositor,
        address assetId,
        uint256 amount
    );

    error NotRelayer();
    error InvalidReceiver();
    error InvalidAmount();
    error SameChain();
    error SourceSwapsUnsupported();
    error DuplicateTransaction(bytes32 transactionId);
    error NativeValueTooLow(uint256 sent, uint256 required);
    error AlreadyFilled(bytes32 transactionId);
    error NothingToRefund(bytes32 transactionId);
    error NativeTransferFailed();
    error TokenTransferFailed(address token);

    constructor(address relayer_) {
        relayer = relayer_;
    }

    modifier onlyRelayer() {
        if (msg.sender != relayer) revert NotRelayer();
        _;
    }

    /// @notice Liquidity for native fills.
    receive() external payable {}

    /// @notice Deposits `minAmount` of `sendingAssetId` (native: `msg.value`) to be paid out on the destination chain.
    function startBridgeTokensViaDevnetBridge(BridgeData calldata bridgeData, DevnetBridgeData calldata devnetData)
        external
        payable
    {
        if (bridgeData.receiver == address(0)) revert InvalidReceiver();
        if (bridgeData.minAmount == 0) revert InvalidAmount();
        if (bridgeData.destinationChainId == block.chainid) revert SameChain();
        if (bridgeData.hasSourceSwaps) revert SourceSwapsUnsupported();
        if (deposits[bridgeData.transactionId].depositor != address(0)) {
            revert DuplicateTransaction(bridgeData.transactionId);
        }
        if (bridgeData.sendingAssetId == address(0)) {
            if (msg.value < bridgeData.minAmount) revert NativeValueTooLow(msg.value, bridgeData.minAmount);
        } else {
            bool ok = IDevnetBridgeToken(bridgeData.sendingAssetId).transferFrom(
                msg.sender, address(this), bridgeData.minAmount
            );
            if (!ok) revert TokenTransferFailed(bridgeData.sendingAssetId);
        }
        deposits[bridgeData.transactionId] = Deposit({
            depositor: msg.sender,
            assetId: bridgeData.sendingAssetId,
            amount: bridgeData.minAmount,
            destinationChainId: bridgeData.destinationChainId,
            refunded: false
        });
        emit DevnetBridgeDeposit(
            bridgeData.transactionId, msg.sender, devnetData.receivingAssetId, devnetData.outputAmount, msg.value
        );
        emit LiFiTransferStarted(bridgeData);
    }

    /// @notice Destination side: pays `amount` of `assetId` to `receiver` out of this contract's liquidity, once per
    ///         transaction id.
    function fill(bytes32 transactionId, address assetId, address receiver, uint256 amount) external onlyRelayer {
        if (filled[transactionId]) revert AlreadyFilled(transactionId);
        if (receiver == address(0)) revert InvalidReceiver();
        filled[transactionId] = true;
        _pay(assetId, receiver, amount);
        emit LiFiTransferCompleted(transactionId, assetId, receiver, amount, block.timestamp);
    }

    /// @notice Source side: pays a deposit back to its depositor, once.
    function refund(bytes32 transactionId) external onlyRelayer {
        Deposit storage deposit = deposits[transactionId];
        if (deposit.depositor == address(0) || deposit.refunded) revert NothingToRefund(transactionId);
        deposit.refunded = true;
        _pay(deposit.assetId, deposit.depositor, deposit.amount);
        emit DevnetBridgeRefunded(transactionId, deposit.depositor, deposit.assetId, deposit.amount);
    }

    function _pay(address assetId, address to, uint256 amount) private {
        if (assetId == address(0)) {
            (bool ok,) = payable(to).call{value: amount}("");
            if (!ok) revert NativeTransferFailed();
        } else {
            if (!IDevnetBridgeToken(assetId).transfer(to, amount)) revert TokenTransferFailed(assetId);
        }
    }
}
