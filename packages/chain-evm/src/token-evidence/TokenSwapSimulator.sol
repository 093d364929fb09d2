// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface ISimErc20 {
    function balanceOf(address owner) external view returns (uint256);
}

interface ISimWeth {
    function deposit() external payable;
}

interface ISimRouterV2 {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// @notice Simulation-only helper for token security checks. It is never deployed: its runtime bytecode is
/// placed at a throw-away address with an `eth_call` state override (together with an ETH balance), and
/// `simulate` buys `token` with WETH through a Uniswap V2 router and sells everything it received back.
/// Reverts inside the swaps are caught and reported, so a honeypot's failing sell is an observable outcome.
contract TokenSwapSimulator {
    struct Result {
        bool buyOk;
        bool sellOk;
        uint256 expectedBuy;
        uint256 received;
        uint256 expectedSell;
        uint256 sold;
        uint256 sellReturned;
        bytes buyError;
        bytes sellError;
    }

    function simulate(address router, address weth, address token, uint256 amountIn)
        external
        returns (Result memory r)
    {
        ISimWeth(weth).deposit{value: amountIn}();
        _approve(weth, router, amountIn);

        address[] memory buyPath = new address[](2);
        buyPath[0] = weth;
        buyPath[1] = token;
        r.expectedBuy = _quote(router, amountIn, buyPath);

        uint256 tokenBefore = ISimErc20(token).balanceOf(address(this));
        (bool buyOk, bytes memory buyError) = router.call(
            abi.encodeCall(
                ISimRouterV2.swapExactTokensForTokensSupportingFeeOnTransferTokens,
                (amountIn, 0, buyPath, address(this), block.timestamp)
            )
        );
        r.buyOk = buyOk;
        if (!buyOk) {
            r.buyError = buyError;
            return r;
        }
        uint256 tokenAfter = ISimErc20(token).balanceOf(address(this));
        r.received = tokenAfter > tokenBefore ? tokenAfter - tokenBefore : 0;
        if (r.received == 0) return r;

        r.sold = r.received;
        _approve(token, router, r.sold);
        address[] memory sellPath = new address[](2);
        sellPath[0] = token;
        sellPath[1] = weth;
        r.expectedSell = _quote(router, r.sold, sellPath);

        uint256 wethBefore = ISimErc20(weth).balanceOf(address(this));
        (bool sellOk, bytes memory sellError) = router.call(
            abi.encodeCall(
                ISimRouterV2.swapExactTokensForTokensSupportingFeeOnTransferTokens,
                (r.sold, 0, sellPath, address(this), block.timestamp)
            )
        );
        r.sellOk = sellOk;
        if (!sellOk) {
            r.sellError = sellError;
            return r;
        }
        uint256 wethAfter = ISimErc20(weth).balanceOf(address(this));
        r.sellReturned = wethAfter > wethBefore ? wethAfter - wethBefore : 0;
    }

    function _quote(address router, uint256 amountIn, address[] memory path) private view returns (uint256) {
        (bool ok, bytes memory data) =
            router.staticcall(abi.encodeCall(ISimRouterV2.getAmountsOut, (amountIn, path)));
        if (!ok) return 0;
        uint256[] memory amounts = abi.decode(data, (uint256[]));
        return amounts.length == path.length ? amounts[amounts.length - 1] : 0;
    }

    /// @dev Low-level approve: tolerates tokens that return nothing (USDT style); a failure surfaces later as a
    /// failed swap.
    function _approve(address token, address spender, uint256 amount) private {
        (bool ok,) = token.call(abi.encodeWithSelector(0x095ea7b3, spender, amount));
        ok;
    }
}
