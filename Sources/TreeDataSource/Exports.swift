// One import serves every layer: `import TreeDataSource` brings `TreeIndex`,
// `TreePath` and `TreeChanges` along, the composable sources of
// `TreeSources`, and `TreeSelection` of `TreeSelections`.
@_exported import TreeIndex
@_exported import TreeSelections
@_exported import TreeSources
