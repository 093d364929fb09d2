export const PACKAGE_PLACEHOLDER = 'devnet';
