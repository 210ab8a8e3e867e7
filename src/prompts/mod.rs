//! Prompt templates: embedded, rendered with minijinja, overridable.
