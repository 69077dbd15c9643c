// hls.js ships no types for its light build; it has the same API as the full one, minus features
// the page videos do not use (subtitles, alternate audio, DRM).
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
