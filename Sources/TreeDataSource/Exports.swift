// One import serves both layers: `import TreeDataSource` brings `TreeIndex`,
// `TreePath` and `TreeChanges` along.
@_exported import TreeIndex
@_exported import TreeSources
