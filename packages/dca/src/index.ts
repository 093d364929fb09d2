export const PACKAGE_PLACEHOLDER = 'dca';
