import { runService } from '@sc/platform';
import { renderService } from './app.js';

await runService(renderService);
