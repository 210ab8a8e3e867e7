//! Document retrieval and chunking.
