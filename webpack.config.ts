import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';

/** Which files each entry and lazy route loads, for the size report (npm run bench:bundle). */
class ChunkGroupsFilePlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('ChunkGroupsFilePlugin', (stats) => {
      const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true });
      const files = (group?: { assets?: { name: string }[] }) =>
        (group?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));
      const groups = Object.fromEntries(
        Object.entries(json.namedChunkGroups ?? {}).map(([name, g]) => [name, files(g)]),
      );
      fs.writeFileSync(
        path.join(compiler.outputPath, 'chunk-groups.json'),
        JSON.stringify({ entry: files(json.entrypoints?.main), groups }, null, 2),
      );
    });
  }
}

/**
 * Copies the web app manifest and its icons from public/ into the build, early enough for the
 * service worker's precache manifest to list them (installable and launchable offline).
 */
class PublicFilesPlugin {
  constructor(private readonly files: string[]) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of this.files) {
            const source = path.resolve(__dirname, 'public', file);
            compilation.fileDependencies.add(source);
            compilation.emitAsset(file, new webpack.sources.RawSource(fs.readFileSync(source)));
          }
        },
      );
    });
  }
}
const PUBLIC_FILES = [
  'manifest.webmanifest',
  ...fs.readdirSync(path.resolve(__dirname, 'public/icons')).map((f) => `icons/${f}`),
];

/**
 * Brotli (best quality) and gzip copies of every text asset, made once at build time and sent by the
 * server as they are (@fastify/static's preCompressed): compressing on each request runs at a low
 * quality to stay cheap, and the vendor chunk crossed the wire 18 % larger that way.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
const precompressed = () => [
  new CompressionPlugin<zlib.BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: COMPRESSIBLE,
    threshold: 1024,
    minRatio: 0.9,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
  }),
  new CompressionPlugin({
    filename: '[path][base].gz',
    algorithm: 'gzip',
    test: COMPRESSIBLE,
    threshold: 1024,
    minRatio: 0.9,
    compressionOptions: { level: 9 },
  }),
];

type Mode = 'production' | 'development';
/**
 * Our TypeScript and JSX, compiled by SWC for these browsers (a browserslist query; syntax only, no
 * polyfills): a clean build took 75 s with Babel's single-threaded transform and Terser, 36 s with
 * SWC's (docs/decisions.md "Building").
 */
const BROWSERS = 'defaults and supports es6-module';
const swcRule = (mode: Mode): webpack.RuleSetRule => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      env: { targets: BROWSERS, bugfixes: true },
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: mode === 'development' } },
      },
    },
  },
});
const defines = (mode: Mode) =>
  new webpack.DefinePlugin({
    'process.env.NODE_ENV': JSON.stringify(mode),
    'process.env.API_HOST': JSON.stringify(process.env.API_HOST ?? ''),
    'process.env.REDUX_DEVTOOLS': JSON.stringify(process.env.REDUX_DEVTOOLS ?? 'false'),
    'process.env.BUILD_SW': JSON.stringify(process.env.BUILD_SW ?? 'false'),
  });

/**
 * The same screens built for the server: one CommonJS file (dist-ssr/render.js) exporting
 * renderPage, which the server loads to send the catalog's screens as HTML (src/client/ssr). Assets
 * get the client build's URLs and are not emitted twice.
 */
const serverRenderConfig = (mode: Mode): webpack.Configuration => ({
  name: 'ssr',
  mode,
  target: 'node20',
  entry: { render: './src/client/ssr/renderPage.tsx' },
  output: {
    path: path.resolve(__dirname, 'dist-ssr'),
    publicPath: '/',
    filename: '[name].js',
    library: { type: 'commonjs2' },
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  devtool: false,
  module: {
    rules: [
      swcRule(mode),
      { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  // jsdom stays a package of the server (SafeHtml's sanitizer needs a DOM there: purifier.server.ts).
  externals: { jsdom: 'commonjs jsdom' },
  plugins: [
    defines(mode),
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    new webpack.NormalModuleReplacementPlugin(/[\\/]purifier$/, (resource: { request: string }) => {
      resource.request = `${resource.request}.server`;
    }),
  ],
  // Readable stack traces in the server's logs; the file never reaches a browser.
  optimization: { minimize: false },
  performance: { hints: false },
  stats: 'errors-warnings',
});

/** Client build: hashed chunks under /assets/, index.html and /sw.js at the root of dist/. */
export default (_env: unknown, argv: { mode?: Mode }): webpack.Configuration[] => {
  const mode = argv.mode ?? 'production';
  return [clientConfig(mode), serverRenderConfig(mode)];
};

const clientConfig = (mode: Mode): webpack.Configuration => {
  const production = mode === 'production';
  return {
    name: 'client',
    mode,
    entry: { main: './src/client/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    // No source maps in production: they would publish the source (the server refuses *.map anyway).
    devtool: process.env.SOURCE_MAPS ? 'source-map' : production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [swcRule(mode), { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' }],
    },
    plugins: [
      defines(mode),
      new ChunkGroupsFilePlugin(),
      new PublicFilesPlugin(PUBLIC_FILES),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        scriptLoading: 'defer',
      }),
      ...(production || process.env.BUILD_SW === 'true'
        ? [
            new InjectManifest({
              swSrc: './src/client/sw.ts',
              swDest: 'sw.js',
              exclude: [/\.map$/, /LICENSE/, /chunk-groups\.json$/, /\.(br|gz)$/],
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            }),
          ]
        : []),
      ...(production ? precompressed() : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
      // SWC's minifier (Terser's rules, native and parallel): a fraction of Terser's time, sizes within 1 %.
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
