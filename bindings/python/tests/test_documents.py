"""cobro.documents: the core's document and account-number checks from Python, with
the core's codes for unknown countries and types."""

import pytest

import cobro
from cobro import documents
from vectors import files, load


def test_valid_and_invalid_numbers():
    valid = documents.validate("PE", "RUC", "20100070970")
    assert valid == documents.ValidDocument(compact="20100070970", warnings=())
    assert repr(valid) == "ValidDocument(compact=[REDACTED], warnings=())"
    assert documents.is_valid("ARG", "CUIT", "20-12345678-6")
    assert documents.format("AR", "CUIT", "20123456786") == "20-12345678-6"
    assert documents.compact("MX", "CLABE", "032 180 00011835971 9") == "032180000118359719"
    with pytest.raises(cobro.DocumentError) as err:
        documents.validate("AR", "CUIT", "20123456789")
    assert err.value.code == "ERR_INVALID_CHECKSUM"
    assert isinstance(err.value, ValueError)


def _known(key, country=None):
    """The countries, or one country's types, of ``documents.types()``, in its order."""
    out = []
    for t in documents.types():
        if country in (None, t.country) and getattr(t, key) not in out:
            out.append(getattr(t, key))
    return ", ".join(out)


@pytest.mark.parametrize(
    "country,kind,code,path,params",
    [
        ("US", "SSN", "ERR_INVALID_COUNTRY", "country", lambda: {"allowed": _known("country")}),
        ("XX", "RUC", "ERR_INVALID_COUNTRY", "country", lambda: {"allowed": _known("country")}),
        ("PE", "SSN", "ERR_UNSUPPORTED_DOCUMENT_TYPE", "type", lambda: {"country": "PE", "allowed": _known("type", "PE")}),
    ],
)
def test_unknown_country_or_type(country, kind, code, path, params):
    with pytest.raises(cobro.DocumentError) as err:
        documents.validate(country, kind, "123")
    assert err.value.code == code
    # The message is the catalogue's template, listing what is known (every served
    # country, or every type of the country).
    template = {c.code: c for c in cobro.codes()}[code].templates["en"]
    assert str(err.value) == template.format(path=path, **params())
    assert isinstance(err.value, ValueError)


def test_types_list_every_check():
    assert all(type(t) is documents.DocumentType for t in documents.types())
    names = {(t.country, t.type) for t in documents.types()}
    assert ("PE", "CCI") in names and ("BR", "CNPJ") in names
    assert len(names) == 20


def _document_vectors():
    out = []
    for path in files("documents"):
        for i, case in enumerate(load(path)["cases"]):
            out.append(pytest.param(case, id=f"{path.name} case {i}"))
    return out


@pytest.mark.parametrize("case", _document_vectors())
def test_document_vectors(case):
    """The shared document vectors (DESIGN.md 9 row 33): validate (its compact form and
    warnings), is_valid and compact agree with the file."""
    country, kind, number = case["country"], case["type"], case["number"]
    assert documents.compact(country, kind, number) == case["compact"]
    assert documents.is_valid(country, kind, number) is case["valid"]
    if case["valid"]:
        valid = documents.validate(country, kind, number)
        assert (valid.compact, list(valid.warnings)) == (case["compact"], case.get("warnings", []))
    else:
        with pytest.raises(cobro.DocumentError) as err:
            documents.validate(country, kind, number)
        assert err.value.code == case["code"]
