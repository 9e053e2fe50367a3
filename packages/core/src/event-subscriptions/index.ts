// Re-exported from the package root.
export {};
