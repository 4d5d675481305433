// Tests import one module: the shipping driver comes with the test-only module builder.
@_exported import WestonControl
