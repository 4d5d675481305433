// One `import TouchstoneApp` serves an app: the node tree, controls, geometry and
// touches come with it. The Wayland, rendering and file modules stay internal to it.
@_exported import NodeCore
