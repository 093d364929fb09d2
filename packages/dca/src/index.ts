// @org/dca: code lands with the DCA issue. The package exists so that the workspace layout is complete.
export {};
