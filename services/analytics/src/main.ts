import { runService } from '@sc/platform';
import { analyticsService } from './app.js';

await runService(analyticsService);
