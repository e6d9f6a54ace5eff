TYPE_CHECKING = False  # Types are imported only under `if TYPE_CHECKING:` (docs/architecture.md).
