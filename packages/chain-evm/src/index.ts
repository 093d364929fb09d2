export const PACKAGE_PLACEHOLDER = 'chain-evm';
