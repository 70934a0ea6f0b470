export { renderService, buildApp, createRenderService, type RenderOptions } from './app.js';
