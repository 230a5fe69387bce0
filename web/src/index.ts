// The web client as the gateway uses it: render pages from the build, and build when needed.
export { ensureWebBuilt, isWebBuildFresh } from './build';
export {
  createRenderer,
  type PageRequest,
  type RenderedDocument,
  type Renderer,
  type RendererOptions,
} from './server';
