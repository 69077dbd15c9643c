// Server tests log nothing unless asked (LOG_LEVEL=debug npm test shows the server's logs).
process.env.TEST_LOG_LEVEL ??= 'silent';
