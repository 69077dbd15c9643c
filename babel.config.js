// One Babel setup for two consumers: webpack (browsers; babel-loader passes envName = the webpack
// mode) and jest (envName 'test', current Node). tsc only type-checks.
module.exports = (api) => {
  const env = api.env();
  const isTest = env === 'test';
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest
          ? { targets: { node: 'current' } }
          : { targets: 'defaults and supports es6-module', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic', development: env === 'development' }],
      '@babel/preset-typescript',
    ],
  };
};
