"""Every example of the Python documents runs, and prints what the documents say."""

import doctest
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("document", ["docs/python.md", "README.md"])
def test_the_examples_of_the_documents_print_what_they_say(document):
    text = (ROOT / document).read_text(encoding="utf-8")
    examples = [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]
    assert examples, f"{document} has no Python example"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(examples), {}, document, document, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples of {document} failed"
