import type { FormatName } from '../reportTargets';
import type { Formatter } from './types';
import { stylish } from './stylish';
import { json } from './json';
import { sarif } from './sarif';
import { junit } from './junit';
import { github } from './github';
import { summary } from './summary';
import { markdown } from './markdown';
import { gitlab } from './gitlab';
import { html } from './html';

export { reportText, type Formatter, type Report, type ReportContext } from './types';

export const formatters: Record<FormatName, Formatter> = { stylish, json, sarif, junit, github, summary, markdown, gitlab, html };
