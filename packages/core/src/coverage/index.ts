// Rules of this area, re-exported from the package root.
export {};
