export { cartService, buildApp } from './app.js';
export { CART_COOKIE } from './cart.routes.js';
