// NodeCore speaks the one geometry vocabulary of the package: every module that imports
// NodeCore sees `Point`, `Size`, `Rect`, `EdgeInsets` and the pixel types without a second import.
@_exported public import Geometry
