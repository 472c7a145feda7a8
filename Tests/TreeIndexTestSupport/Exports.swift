// The test support library re-exports the module under test, so a test file
// needs one import for both.
@_exported import TreeIndex
