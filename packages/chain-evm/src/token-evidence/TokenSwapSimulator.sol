// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface ISimErc20 {
    function balanceOf(address owner) external view returns (uint256);
}

interface ISimWeth {
    function deposit() external payable;
}

interface ISimFactoryV2 {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

interface ISimPairV2 {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);

    function token0() external view returns (address);
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
/// `probe` finds the token's WETH pair through the factory and sizes the buy from its reserves first, so one
/// `eth_call` answers everything.
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

    uint8 internal constant PROBED = 0;
    uint8 internal constant NO_PAIR = 1;
    uint8 internal constant EMPTY_PAIR = 2;
    uint8 internal constant BAD_ANSWER = 3;

    /// @notice Finds the pair of `token` against `weth` through `factory`, sizes the buy (`maxAmountIn`, at most
    /// 0.1% of the pair's WETH reserve so the curve does not read as a tax) and simulates it. `status`: 0 simulated,
    /// 1 no pair, 2 empty pair, 3 the factory or the pair answered something that is not the V2 interface.
    function probe(address factory, address router, address weth, address token, uint256 maxAmountIn)
        external
        returns (uint8 status, address pair, uint256 amountIn, Result memory r)
    {
        (bool ok, bytes memory data) = factory.staticcall(abi.encodeCall(ISimFactoryV2.getPair, (weth, token)));
        if (!ok || data.length != 32) return (BAD_ANSWER, pair, 0, r);
        pair = abi.decode(data, (address));
        if (pair == address(0)) return (NO_PAIR, pair, 0, r);
        (status, amountIn) = _sizeBuy(pair, weth, maxAmountIn);
        if (status != PROBED) return (status, pair, 0, r);
        r = simulate(router, weth, token, amountIn);
    }

    function _sizeBuy(address pair, address weth, uint256 maxAmountIn)
        private
        view
        returns (uint8 status, uint256 amountIn)
    {
        (bool ok, bytes memory data) = pair.staticcall(abi.encodeCall(ISimPairV2.getReserves, ()));
        if (!ok || data.length != 96) return (BAD_ANSWER, 0);
        (uint112 reserve0, uint112 reserve1,) = abi.decode(data, (uint112, uint112, uint32));
        (ok, data) = pair.staticcall(abi.encodeCall(ISimPairV2.token0, ()));
        if (!ok || data.length != 32) return (BAD_ANSWER, 0);
        bool wethIsToken0 = abi.decode(data, (address)) == weth;
        uint256 wethReserve = wethIsToken0 ? reserve0 : reserve1;
        uint256 tokenReserve = wethIsToken0 ? reserve1 : reserve0;
        if (wethReserve == 0 || tokenReserve == 0) return (EMPTY_PAIR, 0);
        uint256 cap = wethReserve / 1000;
        amountIn = cap > 0 && cap < maxAmountIn ? cap : maxAmountIn;
        status = PROBED;
    }

    function simulate(address router, address weth, address token, uint256 amountIn)
        public
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
