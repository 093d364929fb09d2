// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IFixtureErc20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);

    function approve(address spender, uint256 amount) external returns (bool);
}

interface IFixtureRouterV2 {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// @notice TEST FIXTURE (never shipped): a Uniswap V2 router front whose swaps go through the real router, but
/// whose SELL quotes (a path that does not start with WETH) fail in the chosen way — the quote paths
/// TokenSwapSimulator._quote maps to 0. Buy quotes are the real router's.
contract QuoteFailingRouter {
    enum Mode {
        Pass, // sell quotes are the real router's (control)
        Revert, // getAmountsOut reverts
        Zero, // quotes 0 out
        Short // answers an array shorter than the path
    }

    IFixtureRouterV2 public immutable router;
    address public immutable weth;
    Mode public immutable mode;

    constructor(IFixtureRouterV2 router_, address weth_, Mode mode_) {
        router = router_;
        weth = weth_;
        mode = mode_;
    }

    function getAmountsOut(uint256 amountIn, address[] calldata path)
        external
        view
        returns (uint256[] memory amounts)
    {
        if (path[0] == weth || mode == Mode.Pass) return router.getAmountsOut(amountIn, path);
        if (mode == Mode.Revert) revert("no quote");
        amounts = new uint256[](mode == Mode.Zero ? path.length : 1);
        amounts[0] = amountIn;
    }

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external {
        IFixtureErc20(path[0]).transferFrom(msg.sender, address(this), amountIn);
        IFixtureErc20(path[0]).approve(address(router), amountIn);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(amountIn, amountOutMin, path, to, deadline);
    }
}
