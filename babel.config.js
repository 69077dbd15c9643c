// Babel for jest only (babel-jest, envName 'test', the current Node): module mocks and spies on a
// module's exports rely on its CommonJS output. The client build compiles with SWC for the browsers
// (webpack.config.ts); tsc only type-checks.
module.exports = {
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' } }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
};
