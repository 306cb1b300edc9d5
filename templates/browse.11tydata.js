// Each A–Z page its own title and description, naming the names it runs from
// and to (functions, as for device pages: no Nunjucks string compiled per page).
const span = (data) => {
  const { items } = data.pagination;
  return `${items[0].name} to ${items[items.length - 1].name}`;
};

export default {
  eleventyComputed: {
    title: (data) => {
      const { pageNumber, pages } = data.pagination;
      return pages.length < 2 ? "Browse devices A–Z" : `Browse devices A–Z: ${span(data)} (page ${pageNumber + 1} of ${pages.length})`;
    },
    description: (data) => `Device support lifecycle records A–Z, ${span(data)}: when each stops getting OS and security updates.`,
  },
};
