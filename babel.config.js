// One Babel setup for three consumers: webpack (browsers), jest (current Node) and nothing else;
// tsc only type-checks. The caller tells us which one is asking.
module.exports = (api) => {
  const isTest = api.env('test');
  api.cache.using(() => `${process.env.NODE_ENV}`);
  return {
    presets: [
      ['@babel/preset-env', isTest
        ? { targets: { node: 'current' } }
        : { targets: 'defaults and supports es6-module', bugfixes: true, modules: false }],
      ['@babel/preset-react', { runtime: 'automatic', development: !isTest && process.env.NODE_ENV !== 'production' }],
      '@babel/preset-typescript',
    ],
  };
};
