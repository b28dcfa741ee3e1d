"""Questions the product page answers: topics, their concepts and words, glossary terms."""
