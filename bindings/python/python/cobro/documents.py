"""Identity-document and account-number checks, after python-stdnum: ``validate``,
``is_valid``, ``compact``, ``format`` for each number type, and ``types()`` listing them.

>>> from cobro import documents
>>> documents.validate("PE", "RUC", "20100070970").compact
'20100070970'
"""

from ._cobro import document_compact as compact
from ._cobro import document_format as format  # noqa: A001 - stdnum's name
from ._cobro import document_is_valid as is_valid
from ._cobro import document_types as types
from ._cobro import document_validate as validate
from ._records import DocumentType, DocumentWarning, ValidDocument

__all__ = ["validate", "is_valid", "compact", "format", "types", "DocumentType", "DocumentWarning", "ValidDocument"]
