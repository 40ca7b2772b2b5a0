"""cobro.documents: the core's document and account-number checks from Python, with
the core's codes for unknown countries and types."""

import pytest

import cobro
from cobro import documents
from vectors import files, load


def test_valid_and_invalid_numbers():
    assert documents.validate("PE", "RUC", "20100070970") == "20100070970"
    assert documents.is_valid("ARG", "CUIT", "20-12345678-6")
    assert documents.format("AR", "CUIT", "20123456786") == "20-12345678-6"
    assert documents.compact("MX", "CLABE", "032 180 00011835971 9") == "032180000118359719"
    with pytest.raises(cobro.DocumentError) as err:
        documents.validate("AR", "CUIT", "20123456789")
    assert err.value.code == "ERR_INVALID_CHECKSUM"
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize(
    "country,kind,code",
    [("US", "SSN", "ERR_INVALID_COUNTRY"), ("XX", "RUC", "ERR_INVALID_COUNTRY"), ("PE", "SSN", "ERR_UNSUPPORTED_DOCUMENT_TYPE")],
)
def test_unknown_country_or_type(country, kind, code):
    with pytest.raises(cobro.DocumentError) as err:
        documents.validate(country, kind, "123")
    assert err.value.code == code
    assert "PE RUC" in str(err.value)  # the message lists what is known


def test_types_list_every_check():
    names = {(t["country"], t["type"]) for t in documents.types()}
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
    """The shared document vectors (DESIGN.md 9 row 33): validate, is_valid and compact
    agree with the file. The Python API returns the compact form only, so a case's
    ``warnings`` are checked by the Rust and Kotlin runners."""
    country, kind, number = case["country"], case["type"], case["number"]
    assert documents.compact(country, kind, number) == case["compact"]
    assert documents.is_valid(country, kind, number) is case["valid"]
    if case["valid"]:
        assert documents.validate(country, kind, number) == case["compact"]
    else:
        with pytest.raises(cobro.DocumentError) as err:
            documents.validate(country, kind, number)
        assert err.value.code == case["code"]
