// Fails fast, with the variable's name, when a script needs an environment variable that is not set.
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `${missing.join(', ')} must be set, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres`,
  );
  process.exit(1);
}
