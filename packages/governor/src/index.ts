export const PACKAGE_PLACEHOLDER = 'governor';
