// SnapGtk's API is built on SnapCore's values (`Cause`, `PagerDesign`, `SnapConfiguration`, `SnapLayout`,
// `ItemChange`, …): they are part of it, so `import SnapGtk` brings them along. Re-exporting the module, rather than
// aliasing each type, keeps one name and one documentation page per type, and SnapCore stays usable on its own
// (no GTK) for code that only needs the rules.
@_exported import SnapCore
