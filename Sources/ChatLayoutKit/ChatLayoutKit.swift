// ChatLayoutKit is the pipeline's stages, one target each and each depending only on the ones
// before it, so the compiler keeps the pipeline one-way: the model (documents, configuration,
// neutral text), the decisions, the composition and the box tree, and the placement (layout,
// the incremental list, the screens). An app imports this module and sees them all.
@_exported import ChatLayoutModel
@_exported import ChatLayoutDecisions
@_exported import ChatLayoutComposition
@_exported import ChatLayoutPlacement
