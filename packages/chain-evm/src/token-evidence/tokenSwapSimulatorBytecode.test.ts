import { describe, expect, it } from 'vitest';
import { compileTokenSwapSimulator } from './compileTokenSwapSimulator.js';
import { TOKEN_SWAP_SIMULATOR_BYTECODE } from './tokenSwapSimulatorBytecode.js';

describe('TOKEN_SWAP_SIMULATOR_BYTECODE', () => {
  it('is exactly what solc 0.8.37 compiles from TokenSwapSimulator.sol', () => {
    const compiled = compileTokenSwapSimulator();
    expect(compiled.version).toMatch(/^0\.8\.37\+/);
    expect(TOKEN_SWAP_SIMULATOR_BYTECODE).toBe(compiled.deployedBytecode);
  });
});
