import { describe, expect, it } from 'vitest';
import type { ApprovalCandidate, ApprovalScanStore } from '../../types.js';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const SPENDER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`;
const candidate = (o: Partial<ApprovalCandidate> = {}): ApprovalCandidate => ({
  token: TOKEN,
  spender: SPENDER,
  kind: 'erc20',
  lastBlock: 10,
  lastTxHash: hash(1),
  lastLogIndex: 0,
  ...o,
});

/**
 * The behaviour every {@link ApprovalScanStore} must have. Called from each store's test file with a factory for a
 * fresh, empty store.
 *
 * @example
 * ```ts
 * describeApprovalScanStoreContract('MemoryApprovalScanStore', () => new MemoryApprovalScanStore());
 * ```
 */
export function describeApprovalScanStoreContract(name: string, createStore: () => ApprovalScanStore): void {
  describe(`${name}: approval scan store contract`, () => {
    it('first commit, then merges: range min/max, pairs by (token, spender, kind), the later log wins', async () => {
      const store = createStore();
      expect(await store.load({ chainId: 1, owner: OWNER })).toBeNull();
      await store.commit({
        chainId: 1,
        owner: OWNER.toLowerCase() as `0x${string}`,
        fromBlock: 100,
        toBlock: 200,
        candidates: [candidate({ token: TOKEN.toLowerCase() as `0x${string}` })],
        at: 5,
      });
      const merged = await store.commit({
        chainId: 1,
        owner: OWNER,
        fromBlock: 201,
        toBlock: 260,
        candidates: [
          candidate({ lastBlock: 9, lastTxHash: hash(9) }), // older: ignored
          candidate({ kind: 'operator', lastBlock: 250, lastTxHash: hash(2), lastLogIndex: 3 }),
        ],
        at: 6,
      });
      expect(merged).toEqual({
        chainId: 1,
        owner: OWNER,
        fromBlock: 100,
        toBlock: 260,
        candidates: [
          candidate(),
          candidate({ kind: 'operator', lastBlock: 250, lastTxHash: hash(2), lastLogIndex: 3 }),
        ],
        checkpoints: [],
        updatedAt: 6,
      });
      expect(await store.load({ chainId: 1, owner: OWNER.toLowerCase() as `0x${string}` })).toEqual(merged);
      const later = await store.commit({
        chainId: 1,
        owner: OWNER,
        fromBlock: 40,
        toBlock: 99,
        candidates: [candidate({ lastBlock: 10, lastLogIndex: 4, lastTxHash: hash(3) })],
        at: 7,
      });
      expect(later.fromBlock).toBe(40);
      expect(later.toBlock).toBe(260);
      expect(later.candidates[0]).toEqual(candidate({ lastLogIndex: 4, lastTxHash: hash(3) }));
      // Chains and owners are apart.
      expect(await store.load({ chainId: 10, owner: OWNER })).toBeNull();
      expect(await store.load({ chainId: 1, owner: SPENDER })).toBeNull();
    });

    it('refuses a commit that would leave a gap, and malformed input; nothing is written', async () => {
      const store = createStore();
      await store.commit({ chainId: 1, owner: OWNER, fromBlock: 100, toBlock: 200, candidates: [], at: 1 });
      const bad = [
        { fromBlock: 202, toBlock: 300 },
        { fromBlock: 10, toBlock: 98 },
        { fromBlock: 300, toBlock: 250 },
        { fromBlock: -1, toBlock: 250 },
      ];
      for (const range of bad) {
        await expect(
          store.commit({ chainId: 1, owner: OWNER, ...range, candidates: [candidate()], at: 2 }),
        ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      }
      for (const broken of [
        candidate({ token: '0x1234' as `0x${string}` }),
        candidate({ kind: 'nft' as never }),
        candidate({ lastTxHash: '0xabc' as `0x${string}` }),
        candidate({ lastBlock: 1.5 }),
      ]) {
        await expect(
          store.commit({
            chainId: 1,
            owner: OWNER,
            fromBlock: 201,
            toBlock: 210,
            candidates: [broken],
            at: 2,
          }),
        ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      }
      expect(await store.load({ chainId: 1, owner: OWNER })).toMatchObject({
        fromBlock: 100,
        toBlock: 200,
        candidates: [],
      });
    });

    it('keeps the newest checkpoints; a rewind cuts the covered range and drops what lay above it', async () => {
      const store = createStore();
      const other = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as const;
      for (let i = 0; i < 40; i++) {
        await store.commit({
          chainId: 1,
          owner: OWNER,
          fromBlock: i === 0 ? 0 : 10 * i + 1,
          toBlock: 10 * (i + 1),
          candidates: i === 5 ? [candidate({ lastBlock: 55 })] : [],
          checkpoint: { block: 10 * (i + 1), hash: hash(1000 + i) },
          at: i,
        });
      }
      const full = await store.load({ chainId: 1, owner: OWNER });
      expect(full?.checkpoints).toHaveLength(32);
      expect(full?.checkpoints.at(0)).toEqual({ block: 90, hash: hash(1008) });
      expect(full?.checkpoints.at(-1)).toEqual({ block: 400, hash: hash(1039) });
      // Blocks above 50 were reorganized: re-read 51..70, where a different approval now sits.
      const rewound = await store.commit({
        chainId: 1,
        owner: OWNER,
        fromBlock: 51,
        toBlock: 70,
        candidates: [candidate({ spender: other, lastBlock: 56 })],
        checkpoint: { block: 70, hash: hash(7) },
        rewindTo: 50,
        at: 100,
      });
      expect(rewound).toMatchObject({ fromBlock: 0, toBlock: 70 });
      expect(rewound.candidates).toEqual([candidate({ spender: other, lastBlock: 56 })]);
      expect(rewound.checkpoints).toEqual([{ block: 70, hash: hash(7) }]);
      expect(await store.load({ chainId: 1, owner: OWNER })).toEqual(rewound);
      // A rewind below the covered start: nothing of it is trusted.
      const reset = await store.commit({
        chainId: 1,
        owner: OWNER,
        fromBlock: 0,
        toBlock: 5,
        candidates: [],
        checkpoint: { block: 5, hash: hash(5) },
        rewindTo: -1,
        at: 101,
      });
      expect(reset).toMatchObject({
        fromBlock: 0,
        toBlock: 5,
        candidates: [],
        checkpoints: [{ block: 5, hash: hash(5) }],
      });
      expect(await store.load({ chainId: 1, owner: OWNER })).toEqual(reset);
      await expect(
        store.commit({
          chainId: 1,
          owner: OWNER,
          fromBlock: 6,
          toBlock: 7,
          candidates: [],
          checkpoint: { block: 7, hash: '0x12' as `0x${string}` },
          at: 102,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
    });

    it('concurrent commits of one owner lose nothing', async () => {
      const store = createStore();
      await store.commit({ chainId: 1, owner: OWNER, fromBlock: 0, toBlock: 10, candidates: [], at: 1 });
      const spenders = Array.from({ length: 20 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
      await Promise.all(
        spenders.map((spender, i) =>
          store.commit({
            chainId: 1,
            owner: OWNER,
            fromBlock: 11,
            toBlock: 11 + i,
            candidates: [candidate({ spender: spender as `0x${string}`, lastBlock: 11 + i })],
            at: 2,
          }),
        ),
      );
      const state = await store.load({ chainId: 1, owner: OWNER });
      expect(state?.candidates).toHaveLength(20);
      expect(state?.toBlock).toBe(30);
    });
  });
}
