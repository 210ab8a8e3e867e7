//! Configuration: flags > environment > archie.toml > user config.
