// Functions, not Nunjucks strings: a title computed by a template string would
// be escaped there and again in the layout.
export default {
  permalink: (data) => `withdrawn/${data.w.slug}.html`,
  eleventyComputed: { title: (data) => `${data.w.name}: record withdrawn` },
};
