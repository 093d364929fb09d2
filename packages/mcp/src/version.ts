declare const __MCP_PACKAGE_VERSION__: string | undefined;

/** The package's version as built (from package.json), reported to MCP clients. */
export const version: string =
  typeof __MCP_PACKAGE_VERSION__ === 'string' ? __MCP_PACKAGE_VERSION__ : '0.0.0-source';
