export { renderService, buildApp, createRenderService, type RenderOptions } from './app.js';
export { createRenderModule, type RenderModuleOptions, type RenderParts } from './module.js';
