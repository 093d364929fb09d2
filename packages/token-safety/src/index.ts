export const PACKAGE_PLACEHOLDER = 'token-safety';
