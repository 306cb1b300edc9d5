// Functions, not Nunjucks strings: a title computed by a template string would
// be escaped there and again in the layout.
export default {
  permalink: (data) => data.files.withdrawal(data.w.slug),
  eleventyComputed: { title: (data) => `${data.w.name}: record withdrawn` },
};
